(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-1d62.js"]={"wᵢ":"wia/y///","wᵢhuber":"yga/"};
