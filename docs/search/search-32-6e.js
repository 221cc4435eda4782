(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-6e.js"]={"2n":[389,32,4,16,128,16,25,48,1,16]};
