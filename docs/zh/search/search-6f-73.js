(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-73.js"]={"os":"cm+kb+a+a+qb+jb++rv+"};
