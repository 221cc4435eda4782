(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-72.js"]={"error":"b'kc'qb'c'c'`'`a'f'g'w'g'p'oc'ka'`''w'b'dg'v'l+b'"};
