(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2082.js"]={"β₂":"{l;`/k/a/`//a/`/ea/u/mf/","β₂vₜ":"{l/p/"};
