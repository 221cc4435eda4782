(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-5f.js"]={"e_xᵢ":[790,32],"e_xᵢᵀw_qᵀwₖe_xⱼ":[790,16],"e_xᵢᵀw_qᵀwₖuⱼ":[790,16],"e_xⱼ":[790,32]};
