(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-1d62.js"]={"yᵢ":"l}/j/tb/i/"};
