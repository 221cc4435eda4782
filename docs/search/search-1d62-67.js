(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d62-67.js"]={"ᵢgᵢ":"{ba/"};
