(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-73.js"]={"xscale":"y~'"};
