(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2097.js"]={"ₗ":"rda;g//`lSe;"};
