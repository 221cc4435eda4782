(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":[355,64,1,48,1,16,1,32,1,16,55,16,26,16,6,32,25,48,146,16,96,32]};
