(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-65.js"]={"yet":[367,16,47,16]};
