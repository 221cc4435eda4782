(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-30.js"]={"90":"rk/tn/ga;}c/`/","900":"tva/`a/","903":"j{/","904":"pcb/"};
