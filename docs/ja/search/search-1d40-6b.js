(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d40-6b.js"]={"ᵀkⱼ":"{gb/"};
