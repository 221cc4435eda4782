(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-1d62.js"]={"vᵢ":"qca/"};
