(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d40-77.js"]={"ᵀw_":[814,16],"ᵀwₖ":[790,16]};
