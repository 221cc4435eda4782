(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-3b8.js"]={"dθₑₘₐ":"}e/"};
