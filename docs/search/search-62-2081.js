(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-2081.js"]={"b₁":"rtaG;//e//a;"};
