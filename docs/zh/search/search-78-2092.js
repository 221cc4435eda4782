(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-2092.js"]={"xₒᵤₜ":"a{/h/"};
