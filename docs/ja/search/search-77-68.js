(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-68.js"]={"what":"lna;eg/","whe":"lna;","wher":"lna;","where":"bc+`da+qa+","whole":"oka+"};
