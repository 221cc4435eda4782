(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39.js"]={"9":"ufSgi;e/haSt/~e/`c/df/tf/pb/bd/qc;eg/xj/"};
