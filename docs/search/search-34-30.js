(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-30.js"]={"40":"uf;cu/mo/uw;","400":"|~aG","4000":"sea/v|/","402":"z{;","405":"z{/dv/bd/"};
