(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63.js"]={"c":"ca+c+aa++`++`7d++`+`+++a+`+`+c+b+g++d+`++a+c+d+n+c+`+`+b+a+biC+7+++77+++`7+7++l++++`C++a//d/a/a/yb/|c+h+ya;u/"};
