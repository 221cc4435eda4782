(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-e2.js"]={"λâₜ":"kma/"};
