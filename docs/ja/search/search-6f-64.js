(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-64.js"]={"odd":[772,4,1,4,1,4]};
