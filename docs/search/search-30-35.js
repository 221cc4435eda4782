(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-35.js"]={"05":"|m/uw/|n;","059":"lna/"};
