(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-33.js"]={"638":"|}/"};
