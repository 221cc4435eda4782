(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-1d62.js"]={"bᵢ":"|ba/"};
