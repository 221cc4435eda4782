(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"gd+`c'lc+c+c+`+`+|j+a+d+","typing":"ig+d+"};
