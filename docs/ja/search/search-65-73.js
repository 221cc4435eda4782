(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-73.js"]={"estimation":"kma/"};
