(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2081.js"]={"β₁":"{i;`/k/`/a//`/b//r/u/qd/","β₁mₜ":"{i/o/"};
