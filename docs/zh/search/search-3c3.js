(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3.js"]={"σ":[497,16,15,16]};
