(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b2.js"]={"²":"ab/ea/c/lb/w/f/mg/f/w/na/e/e/ff;`b/j/ecGh;/ebGh;/c/g/bb/da/zeS/`;fb/qj/`k/~/","²ⁱ":"`cbSo;S"};
