(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-31.js"]={"41":"`a/ik/~aa/|n/","414":"lna/","415":"pcb/"};
