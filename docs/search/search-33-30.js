(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-30.js"]={"300":"jm/lc/","3072":"tp/"};
