(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-66.js"]={"after":"}d'q'","after_step":"}d+q+"};
