(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-69.js"]={"vi":"lna/","victor":"m~/","view":"cb+|'ga++c+md+v+ta+wc+la+ve+a+|a+e+++hc++ob++ow+`g+wc+rb+","view_as":"bc+"};
