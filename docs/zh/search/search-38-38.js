(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-38.js"]={"88":"lna/","885":"lna/","889":"lna/"};
