(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-77.js"]={"hwₑᵀ":"vwa/"};
