(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-3b8.js"]={"λθ":[349,16],"λθₜ":[318,16,2,16,29,32]};
