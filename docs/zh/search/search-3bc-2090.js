(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bc-2090.js"]={"μₐ":"}f/"};
