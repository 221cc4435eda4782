(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-64.js"]={"td":"xga'`'`a''}'r'pl/","td_error":"xga+`+`a++}+r+"};
