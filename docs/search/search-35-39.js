(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-39.js"]={"59":"kl/cvaG","593":"pcb/","599":"lna/"};
