(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-209a.js"]={"wₚ":"rwa/r/"};
