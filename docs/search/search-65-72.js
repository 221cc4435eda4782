(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-72.js"]={"error":"aa'kc'cc'a/b'c'`'r/o/b'f's'w'g'p'~e'ka'`''w'b'r/t/`h'v'l+b'","errors":"~l/"};
