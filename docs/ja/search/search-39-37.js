(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-37.js"]={"97":"qsa/eg/","974":"wjb/","975":"pcb/","976":"pcb;"};
