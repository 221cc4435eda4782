(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-3b4.js"]={"lδₜ":"kma;e/"};
