(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2081.js"]={"β₁":"{l;`/k/`/a//`/b//ca/u/mf/","β₁mₜ":"{l/o/"};
