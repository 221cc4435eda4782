(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-33.js"]={"23":"|}/","233":"|}/"};
