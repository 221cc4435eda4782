(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"yc/k+`c'lc+c+b/+`+`+|j+a+d+","types":"ig/","typing":"ig+d+"};
