(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb.js"]={"λ":"mn;`a/na/e/gp/aa/g/daS/ga//d;bd/oaT$$$$$$$$$$$$$$$$$$$$00$0$eSvf/~b/"};
