(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6c.js"]={"old":[148,16,148,16],"older":[275,16]};
