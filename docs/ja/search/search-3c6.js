(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c6.js"]={"φ":"dva/ea/"};
