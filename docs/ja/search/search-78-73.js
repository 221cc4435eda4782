(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-73.js"]={"xs":"cia+`+","xscale":"ig'dq'xf'{`a'"};
