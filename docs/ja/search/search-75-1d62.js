(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-1d62.js"]={"uᵢ":"ny;","uᵢᵀw_qᵀ":"ny/","uᵢᵀw_qᵀwₖe_xⱼ":"ny/","uᵢᵀw_qᵀwₖuⱼ":"ny/"};
