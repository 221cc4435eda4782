(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-75.js"]={"guess":"ar/bd/"};
