(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-33.js"]={"63":"uf;uw/~;ik/ug/`r/","632":"qsa/","635":"pcb/"};
