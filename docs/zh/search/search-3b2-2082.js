(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2082.js"]={"β₂":"{i;`/k/a/`//a/`/t/u/qd/","β₂vₜ":"{i/p/"};
