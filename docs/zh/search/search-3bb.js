(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb.js"]={"λ":"pq;`a/na/e/wp/aa/g/daS/ga//d;bd/oaT$$$$$$$$$$$$$$$$$$$$00$0$eSvf/~b/"};
