(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-5f.js"]={"h_":"sfb/","h_nwₑᵀ":"|{a/"};
