(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-1d62.js"]={"λᵢ":"ag;"};
