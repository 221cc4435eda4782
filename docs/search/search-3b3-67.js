(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-67.js"]={"γgₜ":"lha/"};
