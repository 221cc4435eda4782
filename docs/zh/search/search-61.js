(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61.js"]={"a":"}f7+'''`bS//{+}b+ob+bb+aa+`+`+ab;c7a'a'ia/ud+jb+}aSh//s/qcS/bS`/`;S;`///`///k/a/`/ja/sb/a/x/bd/rt;u/"};
