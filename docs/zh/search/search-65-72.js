(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-72.js"]={"error":"aa'kc'cc'e'c'`'ha'f's'w'g'p'~e'ka'`''w'b'ki'v'l+b'"};
