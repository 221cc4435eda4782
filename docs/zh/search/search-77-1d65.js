(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-1d65.js"]={"wᵥ":"uv/o/m;c/m/"};
