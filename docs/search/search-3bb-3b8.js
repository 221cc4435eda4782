(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-3b8.js"]={"λθ":"cea/","λθₜ":"|ca/`/baG"};
