(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-73.js"]={"vs":"||+"};
