(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3f5.js"]={"ϵ":[307,32,2,16,18,32,6,32,2,16,14,32,6,16,23,16,94,16,49,16]};
