(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-1d62.js"]={"βᵢ":"oaa;i/"};
