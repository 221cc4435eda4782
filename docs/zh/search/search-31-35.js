(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-35.js"]={"15":"}oa/qc/`r/","150":"yka;","151":"pcbG","154":"qsa/","155":"pcb;ce/","159":"yka/"};
