(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8-1d62.js"]={"θᵢ":[760,32,2,16,5,16]};
