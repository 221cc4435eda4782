(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-64.js"]={"bd":"|gb+++"};
