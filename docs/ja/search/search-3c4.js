(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c4.js"]={"τ":"xb;e/"};
