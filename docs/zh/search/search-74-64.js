(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-64.js"]={"td":"gfa'`'`a''}'r'pl/","td_error":"gfa+`+`a++}+r+"};
