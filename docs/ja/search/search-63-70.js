(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-70.js"]={"cpu":[0,16,64,16,2,8,188,16,12,16,21,16,127,64,107,64,78,48,114,32,4,16,8,8,6,4,4,4,16,4,2,4,14,16]};
