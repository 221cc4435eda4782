(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-6e.js"]={"rng":"af''ej+`++a++xa++a+`+d++jx+`+`+h+w+a+q+cb'f'"};
