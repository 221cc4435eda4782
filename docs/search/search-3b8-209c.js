(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8-209c.js"]={"θₜ":[307,32,20,64,8,32,12,16,2,64,3,32]};
