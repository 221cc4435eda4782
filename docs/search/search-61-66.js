(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-66.js"]={"after":"k/aa;ac/jA%%%%1%k'dd/b;ia;d/a/da/b;m;lcG`/k/pb/s//wa/}c/g/","after_step":"}d+q+"};
