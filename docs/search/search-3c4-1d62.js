(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c4-1d62.js"]={"τᵢ":"`aS`/e//"};
