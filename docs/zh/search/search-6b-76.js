(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-76.js"]={"kv":"kma/"};
