(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1.js"]={"α":"{i;`/p;e//lGdG;a/d/j//`//zb/"};
