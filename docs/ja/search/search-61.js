(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61.js"]={"a":"}f7+'''ob+`aS//zb+ob+rb+aa+`+`+qb;c7a'a'ia/ud+jb+}aSh//s/qcS/bS`/`;S;`///`///k/a/`/ja/sb/a/x/bd/rt;u/"};
