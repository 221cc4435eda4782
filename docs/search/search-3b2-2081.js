(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2081.js"]={"β₁":"ab//fi/pb/as;`/k/`/a//`/b//ca/u/wp/","β₁mₜ":"`ba/o/"};
