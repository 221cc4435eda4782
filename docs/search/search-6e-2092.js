(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-2092.js"]={"nₒᵤₜ":"d{/"};
