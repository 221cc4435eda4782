(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-75.js"]={"put":"vj'"};
