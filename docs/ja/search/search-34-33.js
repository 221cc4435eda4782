(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-33.js"]={"43":"ev/"};
