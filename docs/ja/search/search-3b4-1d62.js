(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4-1d62.js"]={"δᵢ":"yga/{a;r/d/"};
