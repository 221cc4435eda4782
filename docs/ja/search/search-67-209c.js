(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-209c.js"]={"gₜ":[307,32,11,32,2,16,4,16,17,16,8,48],"gₜ²":[307,16,18,16]};
