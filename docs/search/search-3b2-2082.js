(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2082.js"]={"β₂":"mn/xm/gfS`/k/a/`//a///ea/u/wp/","β₂vₜ":"qca/p/","β₂ⁱ":"qca/"};
