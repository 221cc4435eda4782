(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-75.js"]={"dumps":"}h+n+vu+"};
