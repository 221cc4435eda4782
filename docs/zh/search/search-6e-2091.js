(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-2091.js"]={"nₑₙᵥₛ":"lma/"};
