(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-5f.js"]={"e_xᵢ":"ny;","e_xᵢᵀw_qᵀwₖe_xⱼ":"ny/","e_xᵢᵀw_qᵀwₖuⱼ":"ny/","e_xⱼ":"ny;"};
