(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2081.js"]={"w₁":"dva;a/k//////"};
