(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-79.js"]={"hypothesized":"{}a/"};
