(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-75.js"]={"query":"{l/`7++je//a7d++'a777+o77+`+`++ba+c+}c/a7++s/c7+++`++h+","query_shape":"xr+","quoc":"ny/"};
