(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"xk+li'lc+c+c+`+`+raa+a+d+","typing":"gu+d+"};
