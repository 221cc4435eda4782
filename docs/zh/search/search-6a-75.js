(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-75.js"]={"judge":"bm+p+"};
