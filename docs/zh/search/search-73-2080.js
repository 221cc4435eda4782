(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-2080.js"]={"s₀":"`cb/"};
