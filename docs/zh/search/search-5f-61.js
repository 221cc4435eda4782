(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-61.js"]={"_actions":"rh+e+"};
