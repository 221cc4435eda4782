(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8-1d62.js"]={"θᵢ":"`cbS`/c/c/"};
