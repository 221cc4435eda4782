(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-1d40.js"]={"uᵀkⱼ_":"dgb/"};
