(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-2096.js"]={"dₖ":[389,16,10,32,6,16,166,48,19,16,2,16,3,16,4,32,14,16,152,16,37,16]};
