(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-1d62.js"]={"aᵢ":"dfa/h/","aᵢ²":"dfa;`/e//"};
