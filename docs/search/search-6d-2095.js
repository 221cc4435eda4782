(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-2095.js"]={"mₕ":[389,48,1,18,1,2,1,18,1,2,1,2,1,34,1,2,1,2,1,18,1,16,6,16]};
