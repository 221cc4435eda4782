(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d40-77.js"]={"ᵀw_":"kfb/","ᵀwₖ":"reb/"};
