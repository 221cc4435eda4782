(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bc-2082.js"]={"μ₂":"uf/"};
