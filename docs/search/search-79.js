(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79.js"]={"y":"|c/de+r7`+d++g+eb+}i+a+pa/r/ta+h++~a+++`+ng/iGc/7`7+`a7+jv+`+f+`+ic/r/t+"};
