(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-66.js"]={"tfᵢ":"vdb/"};
