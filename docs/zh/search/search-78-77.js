(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-77.js"]={"xw₁":[496,16,1,32,9,16,1,16,3,32,2,16,1,16,1,16,1,16,1,16]};
