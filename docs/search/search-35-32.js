(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-32.js"]={"52":"pcb/","528":"k}a/"};
