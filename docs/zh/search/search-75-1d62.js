(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-1d62.js"]={"uᵢ":"dgb;","uᵢᵀw_qᵀ":"dgb/","uᵢᵀw_qᵀwₖe_xⱼ":"dgb/","uᵢᵀw_qᵀwₖuⱼ":"dgb/"};
