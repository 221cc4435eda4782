(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6c.js"]={"block":[523,4,13,4,12,8,1,8,1,8],"blocks":[536,8,12,8,7,8]};
