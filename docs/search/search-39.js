(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39.js"]={"9":"ufSdf;e/haSt/kb/cf/df/tf/pb/bd/qc;eg/xj/"};
