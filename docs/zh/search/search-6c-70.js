(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-70.js"]={"lp":"mpa+"};
