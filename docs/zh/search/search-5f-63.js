(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-63.js"]={"_cell":"ct+c+"};
