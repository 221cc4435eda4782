(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-2081.js"]={"e₁":"edb/"};
