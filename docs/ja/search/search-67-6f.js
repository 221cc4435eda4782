(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6f.js"]={"god":[414,16,107,16]};
