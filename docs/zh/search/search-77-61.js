(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-61.js"]={"warmup":[356,40,2,24,3,24,1,8,9,8,6,32,1,24,1,8,1,16,1,8,1,8,32,16,32,8,25,48,1,8,1,8,1,4],"warning":[304,8]};
