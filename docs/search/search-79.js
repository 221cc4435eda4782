(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79.js"]={"y":"|c/he7`+d++g+x+kb+~j+a+pa/r/ta+h++~a+++`+ng/iGc/7`7+`a7+jv+`+f+`+ic/r/t+"};
