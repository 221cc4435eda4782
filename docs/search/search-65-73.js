(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-73.js"]={"estimates":"ud/fj/"};
