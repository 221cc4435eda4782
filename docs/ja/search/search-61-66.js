(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-66.js"]={"after":"|e'q'","after_step":"|e+q+"};
