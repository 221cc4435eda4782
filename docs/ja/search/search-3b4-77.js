(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4-77.js"]={"δw":"iz/d/`/a/a/","δwx":"iz/"};
