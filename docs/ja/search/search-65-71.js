(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-71.js"]={"equal":"mza+"};
