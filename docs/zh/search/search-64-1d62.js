(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-1d62.js"]={"dᵢₙ":"izSc/d/","dᵢₙdₒᵤₜ":"iz/i/"};
