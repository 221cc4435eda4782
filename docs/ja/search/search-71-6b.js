(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-6b.js"]={"qkᵀ":"lr/i/e//`/a/b;l/"};
