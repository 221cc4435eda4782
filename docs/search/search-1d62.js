(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d62.js"]={"ᵢ":[760,32,31,32]};
