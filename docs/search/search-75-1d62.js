(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-1d62.js"]={"uᵢ":[790,32],"uᵢᵀw_qᵀ":[790,16],"uᵢᵀw_qᵀwₖe_xⱼ":[790,16],"uᵢᵀw_qᵀwₖuⱼ":[790,16]};
