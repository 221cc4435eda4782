(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-1d62.js"]={"xᵢ":"l}/i/ubGf///"};
