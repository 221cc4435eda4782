(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-75.js"]={"xu":"|m/"};
