(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39.js"]={"9":"ufSse;e/haSt/kb/be/df/tf/pb/bd/qc;eg/xj/"};
