(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-209a.js"]={"λₚₐₚₑᵣ":"cea/"};
