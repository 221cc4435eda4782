(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4-31.js"]={"δ10000":"egb;"};
