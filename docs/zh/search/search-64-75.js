(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-75.js"]={"dumps":[226,8,11,8,517,8]};
