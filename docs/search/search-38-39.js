(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-39.js"]={"89":"vw/ew/"};
