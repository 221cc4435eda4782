(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-35.js"]={"75":"tfa/bd/uw/","757":"pcb/","759":"lna/"};
