(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-64.js"]={"odd":[710,32,62,4,1,4,1,4]};
