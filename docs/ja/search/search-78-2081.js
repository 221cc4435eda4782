(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-2081.js"]={"x₁":"wh/oa/dv/"};
