(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36.js"]={"6":"{l/oa/moSgi/xj/bd/ac/ug/"};
