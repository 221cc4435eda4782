(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-2081.js"]={"b₁":"dvaG;//e//a;"};
