(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-78.js"]={"γx":"xy/r/"};
