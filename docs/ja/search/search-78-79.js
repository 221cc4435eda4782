(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-79.js"]={"xytext":"c|+|v+"};
