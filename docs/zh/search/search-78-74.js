(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-74.js"]={"xt":"ha+++++}'d'`+`'+`++++++++h++","xticks":"ig'df'nb'ho'{`a'pd'"};
