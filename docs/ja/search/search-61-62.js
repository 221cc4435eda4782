(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-62.js"]={"abadie":"`q/","abbeel":"ab/{na/","abs":"b|+jn+ub+ea+{e+kp+"};
