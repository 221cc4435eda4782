(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d62.js"]={"ᵢ":"~`a;pa;"};
