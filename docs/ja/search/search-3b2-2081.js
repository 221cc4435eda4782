(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2081.js"]={"β₁":"ab//vi/pb/bt;`/k/`/a//`/b//ca/u/wp/","β₁mₜ":"qca/o/"};
