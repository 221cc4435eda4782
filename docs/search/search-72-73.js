(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-73.js"]={"rs":"|o+~pa+","rstrip":"ft+"};
