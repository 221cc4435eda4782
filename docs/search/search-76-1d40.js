(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-1d40.js"]={"vᵀw_":"dgb/"};
