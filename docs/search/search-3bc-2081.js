(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bc-2081.js"]={"μ₁":"uf/"};
