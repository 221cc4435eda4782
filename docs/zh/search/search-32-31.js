(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-31.js"]={"21":"uf;","211":"rc/ac;","213":"pcb/","214":"pcb;","216":"qsa/","217":"yka/","219":"pcb/"};
