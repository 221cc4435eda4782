(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-38.js"]={"08":"n`a/","083":"pcb;","084":"uf/","089":"pcb;"};
