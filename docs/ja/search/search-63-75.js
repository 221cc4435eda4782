(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-75.js"]={"cuda":"lj7i+g/+"};
