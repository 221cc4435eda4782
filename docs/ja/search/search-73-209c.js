(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-209c.js"]={"sₜ":"fha/aG`;kb;`;;bS//;hSdGa//aa/nS;/`;"};
