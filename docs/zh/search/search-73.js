(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73.js"]={"s":"vd+f+++`++ta+{iSdfSfa+"};
