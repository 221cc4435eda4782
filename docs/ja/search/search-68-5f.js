(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-5f.js"]={"h_nwₑᵀ":"iw/"};
