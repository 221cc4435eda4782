(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38.js"]={"8":[389,48,4,16,21,32,107,48,192,32]};
