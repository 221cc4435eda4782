(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63.js"]={"c":"bb+c+aa++`++`7d++`+`+++a+`+`+c+b+g++d+`++a+c+d+n+c+`+`+b+a+ylC+7+++77+++`7+7++l++++`C++o//d/a/a/sc/{d+h+}b;u/"};
