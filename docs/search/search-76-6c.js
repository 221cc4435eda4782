(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-6c.js"]={"vl":"||+"};
