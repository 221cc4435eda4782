(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-31.js"]={"512":[355,16,59,48,107,32,78,16,114,16]};
