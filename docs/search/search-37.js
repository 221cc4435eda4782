(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37.js"]={"7":"}n/"};
