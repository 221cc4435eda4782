(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-78.js"]={"_x":"~n/na/e/c///}z/i;","_xₜ":"zla/"};
