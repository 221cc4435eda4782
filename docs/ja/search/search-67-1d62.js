(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-1d62.js"]={"gᵢ":"pba;"};
