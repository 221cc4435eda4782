(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2097.js"]={"ₗ":"~`a;g//`lSe;"};
