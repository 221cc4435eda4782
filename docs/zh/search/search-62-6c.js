(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6c.js"]={"block":"|c'i'k'''''c+`+dra'k'j+++","blocks":"twa+j+e+"};
