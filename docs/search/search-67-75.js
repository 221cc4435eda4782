(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-75.js"]={"guess":[414,16,107,16]};
