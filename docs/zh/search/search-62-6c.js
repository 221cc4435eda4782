(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6c.js"]={"block":"gv'k'j+++","blocks":"tv+j+e+"};
