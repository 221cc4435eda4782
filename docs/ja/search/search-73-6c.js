(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6c.js"]={"slopes":[390,4,2,8,1,8,1,8,4,4]};
