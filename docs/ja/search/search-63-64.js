(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-64.js"]={"cdist":"|n+"};
