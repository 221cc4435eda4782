(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4.js"]={"δ":[791,32,2,16,2,16]};
