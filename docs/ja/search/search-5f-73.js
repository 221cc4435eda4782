(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-73.js"]={"_scale_residual_projections":"hva+c+","_seeds_cell":"y~a+b+c+"};
