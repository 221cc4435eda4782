(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3-b2.js"]={"σ²":"lz/af;g//"};
