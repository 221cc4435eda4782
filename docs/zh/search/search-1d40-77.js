(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d40-77.js"]={"ᵀw_":"|gb/","ᵀwₖ":"dgb/"};
