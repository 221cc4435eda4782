(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-33.js"]={"83":"fha;"};
