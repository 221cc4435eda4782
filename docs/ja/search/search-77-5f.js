(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-5f.js"]={"w_":"|}/qc;m/e/","w_q":"pba/","w_qe_xᵢ":"pba/"};
