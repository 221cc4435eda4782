(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-61.js"]={"have":"ev/"};
