(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-35.js"]={"250":[521,16],"256":[389,16,25,16,32,16,153,16,114,48]};
