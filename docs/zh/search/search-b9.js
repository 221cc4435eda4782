(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b9.js"]={"¹":"gx/pr/rtSo/;"};
