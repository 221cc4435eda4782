(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-74.js"]={"yticks":"om'nb'"};
