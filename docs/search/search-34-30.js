(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-30.js"]={"4000":"mk/gm/","405":"jm/lc/","407":"~v/"};
