(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-65.js"]={"cell":[220,8,5,4]};
