(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-71.js"]={"equal":[46,16,260,16,49,16,228,16,21,8,58,16],"equations":[307,16]};
