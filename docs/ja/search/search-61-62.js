(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-62.js"]={"abadie":"lm/","abbeel":"ab/via/","abs":"|v+jn+ub+ea+{e+kp+"};
