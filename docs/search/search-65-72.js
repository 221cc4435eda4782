(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-72.js"]={"error":"b'kc'qb'/b'c'`'o/j/b'f'g'w'g'p'oc'ka'`''w'b'd/t/gf'v'l+b'","errors":"~i/"};
