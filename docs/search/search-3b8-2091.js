(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8-2091.js"]={"θₑₘₐ":"}e/"};
