(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-31.js"]={"61":"uf;","610":"pcb;","611":"tfa/","614":"k}a/"};
