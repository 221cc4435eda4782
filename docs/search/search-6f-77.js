(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-77.js"]={"owf":"lna/","own":"uf/`b/ra//eb/|a/{c/db/ka/oa/n/qc/ac;ab//}a/c/`/b/da/eg;y/sGi/s/`bGqa/qe;/j/r/pc/ba/|a/~/p/nbS"};
