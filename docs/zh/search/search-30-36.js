(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-36.js"]={"06":"}oa/eg/","061":"|~a;","067":"|}/}`a;"};
