(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-209c.js"]={"sₜ":"yka/aG`;kb;`;;bS//;hSdGa//aa/nS;/`;"};
