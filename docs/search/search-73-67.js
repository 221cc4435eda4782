(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-67.js"]={"sgd":"|}/x7g/`e/"};
