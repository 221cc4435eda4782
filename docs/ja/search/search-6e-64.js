(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-64.js"]={"ndarray":"}f+c+daa++++d++`+d+`+a++"};
