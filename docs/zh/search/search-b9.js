(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b9.js"]={"¹":"xy/pr/rtSo/;"};
