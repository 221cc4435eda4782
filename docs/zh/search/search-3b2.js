(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2.js"]={"β":"`a;~Sb/c/h/~c/pr/n;`/;o/jS=d//`/g;/jSra/o/~a/m/`/e/taSrd/r/z;y//"};
