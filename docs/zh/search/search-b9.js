(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b9.js"]={"¹":"l}/pr/rtSo/;"};
