(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-33.js"]={"53":"uf;beaGxj/","539":"pcb/"};
