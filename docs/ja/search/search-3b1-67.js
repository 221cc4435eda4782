(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-67.js"]={"αgₜ":"cea/"};
