(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-211d-b2.js"]={"ℝ²":"mn/"};
