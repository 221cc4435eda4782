(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-31.js"]={"81":"ev/ac/jl;ug/`r;","817":"lna/"};
