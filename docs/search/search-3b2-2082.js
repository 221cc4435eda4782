(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2082.js"]={"β₂":[307,32,2,16,13,16,3,16,2,16,1,16,3,16,2,16,22,16,23,16,143,16],"β₂vₜ":[307,16,18,16]};
