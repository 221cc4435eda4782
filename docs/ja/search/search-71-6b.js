(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-6b.js"]={"qkᵀ":[571,16,11,16,7,16,1,16,2,16,3,16,4,32,14,16]};
