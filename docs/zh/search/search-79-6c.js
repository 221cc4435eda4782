(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6c.js"]={"ylabel":"yi'}t'"};
