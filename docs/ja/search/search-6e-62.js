(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-62.js"]={"nb":"ht++","nbformat":"it/"};
