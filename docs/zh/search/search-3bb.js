(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb.js"]={"λ":"|m;`a/na/e/fo/aa/g/daS/ga//d;bd/oaT$$$$$$$$$$$$$$$$$$$$00$0$eSvf/~b/"};
