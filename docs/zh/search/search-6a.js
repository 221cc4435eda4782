(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a.js"]={"j":[389,32,6,34,1,10,1,26,1,18,1,16,6,16,181,32,20,32,178,64,6,32,5,64,7,16,13,32,1,16,11,16,1,24,1,8]};
