(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-6e.js"]={"and":"od'g'r'lg/gi;","angles":"haa++ha++","annotated":"vw/","anot":"ar/bd/","any":"hi+f+`++fc+d+c+a+d+z+a+k+g+d+fi+"};
