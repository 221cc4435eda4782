(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-75.js"]={"quan":"kma/","query":"x~++`+pu/`7++~f//a7d++'a777+z77+`+`++qa+c+ef/a7++sc/c7+++`++h+","query_shape":"`}a+","quoc":"wjb/"};
