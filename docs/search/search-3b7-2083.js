(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b7-2083.js"]={"η₃₂":"w~/"};
