(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3-2081.js"]={"σ₁":"uf/","σ₁σ₂":"uf/"};
