(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-6f.js"]={"vocab":"db'n'''ia'`'g'fa'~e'ie''hb'a''d'a'r'|a'a'b'sc''g''na''pf''a'"};
