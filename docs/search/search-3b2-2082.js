(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-2082.js"]={"β₂":"pq/in/gfS`/k/a/`//a///ea/u/wp/","β₂vₜ":"ega/p/","β₂ⁱ":"ega/"};
