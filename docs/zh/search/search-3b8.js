(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8.js"]={"θ":"{l/i/da/"};
