(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-74.js"]={"kth":"ac+"};
