(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-32.js"]={"92":"jla/","926":"dgb;"};
