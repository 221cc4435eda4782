(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-30.js"]={"4000":"}n/fq/","405":"ar/bd/","407":"|}/"};
