(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-32.js"]={"22":"uf;xj;wi/mo/wy/","221":"pcb;","223":"pcb/","228":"pcb;"};
