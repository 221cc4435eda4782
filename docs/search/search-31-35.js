(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-35.js"]={"15":"jla/qc/`r/","150":"fha;|n/","151":"|~aG","154":"}oa/","155":"|~a;ce/","159":"fha/","1591":"ewa/"};
