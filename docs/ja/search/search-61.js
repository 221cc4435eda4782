(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61.js"]={"a":"tbS//zb+ya+aa+`+`+cd/qc/~p;u/"};
