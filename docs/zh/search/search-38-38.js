(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-38.js"]={"88":"qsa/","885":"qsa/","889":"qsa/"};
