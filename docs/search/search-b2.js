(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b2.js"]={"²":"ab/ea/c/lb/w/f/pj/f/w/na/e/e/vf;`b/j/ecGh;/ebGh;/c/g/bb/da/zeS/`;fb/qj/`k/~/"};
