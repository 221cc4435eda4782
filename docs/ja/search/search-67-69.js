(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-69.js"]={"givesin":"ar/bd/"};
