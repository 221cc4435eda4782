(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8.js"]={"θ":[307,16,11,16,31,16]};
