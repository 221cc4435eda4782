(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb.js"]={"λ":[309,16,9,16,31,48,1,16,30,16,1,16,66,16,74,16]};
