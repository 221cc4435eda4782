(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d40.js"]={"ᵀkⱼ":"{gb/","ᵀw_":"|gb/","ᵀwₖ":"dgb/"};
