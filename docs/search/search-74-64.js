(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-64.js"]={"td":"ev/"};
