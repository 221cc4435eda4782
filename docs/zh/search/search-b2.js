(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b2.js"]={"²":"ab/ea/c/lb/w/f/|f/f/w/na/e/e/ee;`b/j/ecGh;/ebGh;/c/g/bb/da/zeS/`;fb/qj/`k/~/"};
