(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-31.js"]={"61":"uf;","610":"uhb;","611":"yka/","614":"pcb/"};
