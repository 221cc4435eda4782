(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61.js"]={"a":"}f7+'''hcS//tb+pc+ob+bb+aa+`+`+rc;c7a'a'ia/ud+jb+}aSh//s/qcS/bS`/`;S;`///`///k/a/`/ja/sb/a/x/bd/rt;u/"};
