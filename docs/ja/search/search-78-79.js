(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-79.js"]={"xytext":"ox+|v+"};
