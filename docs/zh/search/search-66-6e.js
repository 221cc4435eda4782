(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-6e.js"]={"fn":"nka'd''"};
