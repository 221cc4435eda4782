(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1.js"]={"α":[307,32,2,16,18,32,7,16,1,16,14,48,6,48,1,32,3,16,6,16,12,16,1,16,2,16,1,16,90,16]};
