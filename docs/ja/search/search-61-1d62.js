(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-1d62.js"]={"aᵢ":"~`a/h/","aᵢ²":"~`a;`/e//"};
