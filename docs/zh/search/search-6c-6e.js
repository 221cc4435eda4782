(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-6e.js"]={"ln65":"`a/~p/bd/","lnv":"`a/"};
