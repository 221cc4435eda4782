(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73.js"]={"s":"ue+f+++`++kb+rmSugSfa+"};
