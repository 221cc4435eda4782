(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79.js"]={"y":"rb++ya7+`++c+q++~++tw+`+"};
