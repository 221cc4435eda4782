(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-38.js"]={"78":"|}/"};
