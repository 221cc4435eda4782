(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-70.js"]={"np":"}f++++++q+g~++a++`+}++++++b+`++`+++b++++`++`+|a+b++","npr":"lna/","nproc_per_node":"oqa/"};
