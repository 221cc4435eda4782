(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-73.js"]={"os":"vp+kb+a+a+qb+qb++a+yw+"};
