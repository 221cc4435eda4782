(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-5f.js"]={"w_":"k}a/eg;m/e/","w_q":"du/o/m;c/m/vma/","w_qe_xᵢ":"reb/"};
