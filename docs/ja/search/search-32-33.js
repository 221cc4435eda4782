(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-33.js"]={"23":"|m/ln/","232":"ev/","233":"ev/"};
