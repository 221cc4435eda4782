(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-6b.js"]={"qkᵀ":"`x/i/e//`/a/m;l/"};
