(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-38.js"]={"38":"k|/cfa/","380":"pcb/","382":"lna/","385":"pcb/","386":"pcb/","388":"xja;"};
