(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-68.js"]={"what":"qsa;eg/","whe":"qsa;","wher":"qsa;","where":"bc+eia+qa+","whole":"tpa+"};
