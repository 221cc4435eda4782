(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-31.js"]={"81":"vw/ac/jl;ug/`r;","817":"}oa/"};
