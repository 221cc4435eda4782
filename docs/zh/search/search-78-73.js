(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-73.js"]={"xs":"vla+`+","xscale":"ig'wt'xf'{`a'"};
