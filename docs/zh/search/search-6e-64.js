(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-64.js"]={"ndarray":"}f+c+uba++++d++`+d+`+a++"};
