(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3.js"]={"σ":"eu/m/"};
