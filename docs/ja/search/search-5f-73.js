(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-73.js"]={"_scale_residual_projections":"m{a+c+","_seeds_cell":"~db+b+c+"};
