(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-209c.js"]={"sₜ":"tfa/aG`;kb;`;;bS//;hSdGa//aa/nS;/`;"};
