(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6e.js"]={"gn":"|cGe/`/","gnrun":"|}/"};
