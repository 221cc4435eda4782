(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62.js"]={"b":[46,32,7,64,1,16,1,16,90,8,441,32,20,32,134,8,50,32,24,16]};
