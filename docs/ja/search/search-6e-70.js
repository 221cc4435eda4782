(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-70.js"]={"np":"}f++++++q+lda++a++`+}++++++b+`++`+++b++++`++`+|a+b++","npr":"qsa/","nproc_per_node":"tva/"};
