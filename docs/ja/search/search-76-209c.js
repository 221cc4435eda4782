(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-209c.js"]={"vₜ":[307,32,1,16,13,16,2,16,2,16,2,16,5,32,1,16,13,16]};
