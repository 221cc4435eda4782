(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-30.js"]={"40":"uf;vx/mo/uw;","400":"pcbG","4000":"gia/v|/","402":"n`a;","405":"n`a/dv/bd/"};
