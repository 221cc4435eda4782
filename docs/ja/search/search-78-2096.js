(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-2096.js"]={"xₖ":"l};g//"};
