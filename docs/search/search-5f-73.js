(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-73.js"]={"_scale_residual_projections":"ywa+c+","_seeds_cell":"kab+b+c+"};
