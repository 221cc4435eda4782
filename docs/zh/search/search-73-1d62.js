(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-1d62.js"]={"sᵢ":"`cb/"};
