(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-72.js"]={"lr":"te+c+|e+caC++ma+mCa+`/a//b''+b'`/7+;7+ec+y++"};
