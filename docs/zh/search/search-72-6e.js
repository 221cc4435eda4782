(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-6e.js"]={"rng":"af''qf+`++a++xa++a+`+d++xv+`+`+h+w+a+q+cb'f'"};
