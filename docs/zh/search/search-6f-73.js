(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-73.js"]={"os":"mf+|a++a+"};
