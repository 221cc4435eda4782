(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4-77.js"]={"δw":"du/d/`/a/a/","δwx":"du/"};
