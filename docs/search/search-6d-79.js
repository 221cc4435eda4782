(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-79.js"]={"my":[414,16,107,16]};
