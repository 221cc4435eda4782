(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73.js"]={"s":[147,8,8,8,1,8,1,8,2,8,1,8,53,8,308,64,192,64,39,8]};
