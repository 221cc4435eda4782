(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-65.js"]={"cell":[204,16,14,16,2,24,5,4],"cells":[224,16]};
