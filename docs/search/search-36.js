(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36.js"]={"6":"~o/oa/}oSgi/xj/bd/ac/ug/"};
