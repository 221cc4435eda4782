(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-61.js"]={"gate":[498,4,6,4,16,4],"gated":[498,4,5,4,1,4,3,4,13,4]};
