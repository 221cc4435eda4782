(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-1d62.js"]={"xᵢ":"z{/i/ubGf///"};
