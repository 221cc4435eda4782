(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-1d62.js"]={"uᵢ":"reb;","uᵢᵀw_qᵀ":"reb/","uᵢᵀw_qᵀwₖe_xⱼ":"reb/","uᵢᵀw_qᵀwₖuⱼ":"reb/"};
