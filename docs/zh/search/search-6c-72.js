(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-72.js"]={"lr":"ud+c+td+jC++ga+cCa+`/a//b''+b'`/7+;7+~a+y++"};
