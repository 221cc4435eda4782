(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-1d62.js"]={"nᵢₙ":"d{/"};
