(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3-2082.js"]={"σ₂":"uf/"};
