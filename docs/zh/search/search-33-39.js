(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-39.js"]={"390":"bs;"};
