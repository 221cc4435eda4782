(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-73.js"]={"os":"`h+qb++a+"};
