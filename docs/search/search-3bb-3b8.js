(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-3b8.js"]={"λθ":"qca/","λθₜ":"kba/`/baG"};
