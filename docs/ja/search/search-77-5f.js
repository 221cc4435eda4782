(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-5f.js"]={"w_":[713,16,77,32,15,16,7,16],"w_q":[790,16],"w_qe_xᵢ":[790,16]};
