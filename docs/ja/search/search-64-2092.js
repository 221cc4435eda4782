(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-2092.js"]={"dₒᵤₜ":"uvSi/"};
