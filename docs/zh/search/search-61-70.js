(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-70.js"]={"append":"db+wa+e+q+db+`+~p+bc+","apple":"eh/","apply":"lq+"};
