(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-73.js"]={"ascii":[226,4],"asdict":[136,8,31,8]};
