(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-32.js"]={"42":"uf/gi/oa/fia/ug;","421":"xza/","422":"uhb;","423":"tva/","424":"pcb/","428":"pcb/"};
