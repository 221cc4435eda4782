(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-69.js"]={"2i":[692,64,12,64,3,16,1,32,1,32,1,32,50,16,2,16,5,16,24,48,1,32,1,16]};
