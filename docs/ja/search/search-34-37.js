(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-37.js"]={"47":"yka;y{/","473":"pcb/","475":"pcb/","477":"pcb/"};
