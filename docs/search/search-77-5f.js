(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-5f.js"]={"w_":"|~a/eg;m/e/","w_q":"uv/o/m;c/m/vma/","w_qe_xᵢ":"dgb/"};
