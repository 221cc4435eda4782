(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3f5-1d62.js"]={"ϵᵢ":"gq;","ϵᵢx":"gq/"};
