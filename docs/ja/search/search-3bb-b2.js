(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-b2.js"]={"λ²âₜ":"kma/"};
