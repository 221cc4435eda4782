(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-67.js"]={"again":"oi+"};
