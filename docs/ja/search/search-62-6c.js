(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6c.js"]={"block":"|c'i'k'''''c+`+wua'k'j+++","blocks":"h{a+j+e+"};
