(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-1d62.js"]={"uᵢ":"pba;","uᵢᵀw_qᵀ":"pba/","uᵢᵀw_qᵀwₖe_xⱼ":"pba/","uᵢᵀw_qᵀwₖuⱼ":"pba/"};
