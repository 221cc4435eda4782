(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36.js"]={"6":"ar/bd/ac/"};
