(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-76.js"]={"xv":[497,16,10,16,3,16,2,16,1,16,1,16,1,16,1,16]};
