(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-78.js"]={"_x":"oo/na/e/c///~{/i;","_xₜ":"lna/"};
