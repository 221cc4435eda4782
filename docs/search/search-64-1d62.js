(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-1d62.js"]={"dᵢₙ":"uvSc/d/","dᵢₙdₒᵤₜ":"uv/i/"};
