(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-39.js"]={"19":"ev/"};
