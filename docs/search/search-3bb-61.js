(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb-61.js"]={"λa":"pba/"};
