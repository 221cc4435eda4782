(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-66.js"]={"after":"ja/aa;ac/jA%%%%1%k'le/z;oa;n/a/ra/b;ea;bdG`/k/rc/s//{a/me/g/","after_step":"|e+q+"};
