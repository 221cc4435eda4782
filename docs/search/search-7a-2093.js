(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-2093.js"]={"zₓ":"ona/"};
