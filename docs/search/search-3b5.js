(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b5.js"]={"ε":"wia/r;d/"};
