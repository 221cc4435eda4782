(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-70.js"]={"np":"}f++++++p+y`a++a++`+}++++++b+`++`+++b++++`++`+|a+b++","npr":"}oa/","nproc_per_node":"asa/"};
