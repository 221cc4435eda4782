(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-2081.js"]={"a₁":"pba/"};
