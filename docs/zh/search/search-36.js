(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36.js"]={"6":[414,16,107,16,78,16]};
