(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6c.js"]={"block":"|c'i'k'''''c+`+rpa'k'j+++","blocks":"cva+j+e+"};
