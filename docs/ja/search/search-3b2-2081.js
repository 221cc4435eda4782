(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2081.js"]={"β₁":[307,32,2,16,13,16,2,16,3,16,1,16,2,16,4,16,1,16,20,16,23,16,143,16],"β₁mₜ":[307,16,17,16]};
