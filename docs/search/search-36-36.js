(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-36.js"]={"66":"fha;"};
