(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-38.js"]={"185":"ar/bd/"};
