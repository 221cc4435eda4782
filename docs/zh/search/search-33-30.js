(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-30.js"]={"300":"ar/bd/","3072":"yu/"};
