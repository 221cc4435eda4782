(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-5f.js"]={"e_xᵢ":"pba;","e_xᵢᵀw_qᵀwₖe_xⱼ":"pba/","e_xᵢᵀw_qᵀwₖuⱼ":"pba/","e_xⱼ":"pba;"};
