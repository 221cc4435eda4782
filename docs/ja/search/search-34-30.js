(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-30.js"]={"40":"uf;qs/mo/uw;","400":"k}aG","4000":"bda/v|/","402":"iz;","405":"iz/dv/bd/"};
