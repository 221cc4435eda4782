(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79.js"]={"y":"sa++ya7+`++c+q++~++uq+`+"};
