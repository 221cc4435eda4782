(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-5f.js"]={"w_":"pcb/eg;m/e/","w_q":"iz/o/m;c/m/vma/","w_qe_xᵢ":"wjb/"};
