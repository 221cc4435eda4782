(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-75.js"]={"query":"zp/`7++~f//a7d++'a777+z77+`+`++qa+c+~d/a7++fa/c7+++`++h+","query_shape":"lx+","quoc":"pba/"};
