(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-39.js"]={"298":"ev/"};
