(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-1d62.js"]={"uᵢ":"wjb;","uᵢᵀw_qᵀ":"wjb/","uᵢᵀw_qᵀwₖe_xⱼ":"wjb/","uᵢᵀw_qᵀwₖuⱼ":"wjb/"};
