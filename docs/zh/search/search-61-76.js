(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-76.js"]={"available":"fv'"};
