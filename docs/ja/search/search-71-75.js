(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-75.js"]={"quan":"wia/","query":"e{++`+pu/`7++~f//a7d++'a777+z77+`+`++qa+c+ef/a7++sc/c7+++`++h+","query_shape":"lya+","quoc":"dgb/"};
