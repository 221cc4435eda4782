(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-70.js"]={"append":"cc+wa+e+q+zb+`+gv+fd+","apple":"lj/","apply":"xv+"};
