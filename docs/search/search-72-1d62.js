(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-1d62.js"]={"rᵢ":"dgbG"};
