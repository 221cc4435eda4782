(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-3c6.js"]={"xφ":"dva/~/d/"};
