(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-35.js"]={"55":"ufG}ab;","551":"qsa/","554":"pcb/","557":"pcb/"};
