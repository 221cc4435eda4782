(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-64.js"]={"td":"lka'`'`a''}'r'pl/","td_error":"lka+`+`a++}+r+"};
