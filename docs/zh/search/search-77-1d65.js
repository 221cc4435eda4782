(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-1d65.js"]={"wᵥ":"iz/o/m;c/m/"};
