(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2082.js"]={"w₂":[496,48,1,32,3,16,10,32,2,32,1,32,1,32,1,32,1,32,1,16,33,16]};
