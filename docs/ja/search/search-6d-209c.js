(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-209c.js"]={"mₜ":[307,32,1,16,13,16,2,16,1,16,3,16,8,16,11,16]};
