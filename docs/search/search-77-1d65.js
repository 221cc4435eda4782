(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-1d65.js"]={"wᵥ":"du/o/m;c/m/"};
