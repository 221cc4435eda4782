(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-6b.js"]={"qkv":"id+a+","qkᵀ":"hd/c/pta/i/e//`/a/m;l/"};
