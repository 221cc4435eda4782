(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2081-1d40.js"]={"₁ᵀ":"wh/"};
