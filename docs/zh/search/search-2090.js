(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2090.js"]={"ₐ":"dgb/"};
