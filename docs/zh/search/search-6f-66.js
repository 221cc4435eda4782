(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-66.js"]={"of":[307,16,107,16,107,32],"off":[521,16],"offset":[765,24,3,8,13,8,1,8],"ofir":[389,16]};
