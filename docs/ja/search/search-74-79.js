(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"ti+`+`+r+dg'bc+`+w`a+a+d+","typing":"sq+d+"};
