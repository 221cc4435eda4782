(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-1d62.js"]={"aᵢ":"pba/h/","aᵢ²":"pba;`/e//"};
