(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-65.js"]={"λe_x":"`q/"};
