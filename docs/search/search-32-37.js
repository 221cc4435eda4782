(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-37.js"]={"27":"ar/","277":"ev/"};
