(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36.js"]={"6":"{l/oa/moSgi/xj/eg/ug/"};
