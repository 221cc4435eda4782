(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b9.js"]={"¹":[760,64,12,16,1,32]};
