(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-5f.js"]={"w_":"~v/mb;m/e/","w_q":"ny/","w_qe_xᵢ":"ny/"};
