(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-2099.js"]={"aₙ":"pba/"};
