(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2081.js"]={"₁":[2,32,54,16,251,48,11,16,2,16,3,32,1,16,1,16,2,32,8,16,14,64,3,32]};
