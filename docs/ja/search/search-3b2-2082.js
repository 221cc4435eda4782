(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2082.js"]={"β₂":"|m/wl/gfS`/k/a/`//a///ea/u/wp/","β₂vₜ":"`ba/p/","β₂ⁱ":"`ba/"};
