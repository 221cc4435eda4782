(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-71.js"]={"equal":"na/jh/pa/ig/s+ya/","equations":"{i/"};
