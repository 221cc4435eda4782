(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-73.js"]={"estimates":[116,16,239,16]};
