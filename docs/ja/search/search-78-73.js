(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-73.js"]={"xs":"qga+`+","xscale":"ig'ro'xf'{`a'"};
