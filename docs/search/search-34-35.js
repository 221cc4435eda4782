(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-35.js"]={"45":"|m/uw/tvG","450":"iz/mo;xj/","454":"iz/","459":"xja;xj/"};
