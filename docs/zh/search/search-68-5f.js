(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-5f.js"]={"h_":"nab/","h_nwₑᵀ":"wva/"};
