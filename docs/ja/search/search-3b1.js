(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1.js"]={"α":"{l;`/p;e//rGnG;a/d/j//`//ad/"};
