(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6c.js"]={"block":"zp'k'j+++","blocks":"hq+j+e+"};
