(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-76.js"]={"over":"bab'y'"};
