(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2081-207f.js"]={"₁ⁿ":"pba/"};
