(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-5f.js"]={"h_":"`cb/","h_nwₑᵀ":"ixa/"};
