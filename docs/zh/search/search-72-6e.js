(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-6e.js"]={"rng":"af''bg+`++a++xa++a+`+d++yw+`+`+h+w+a+q+cb'f'"};
