(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-62.js"]={"abs":"wp+"};
