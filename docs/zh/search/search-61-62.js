(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-62.js"]={"abadie":"|m/","abbeel":"ab/hka/","abs":"nx+jn+ub+ea+{e+kp+"};
