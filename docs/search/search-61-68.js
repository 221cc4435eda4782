(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-68.js"]={"ahead":[521,16],"ahmed":[760,16]};
