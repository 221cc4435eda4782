(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-69.js"]={"yiming":"dgb/"};
