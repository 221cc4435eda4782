(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-61.js"]={"each":"g`a+"};
