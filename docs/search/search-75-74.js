(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-74.js"]={"utilities":"moa/rt0$$$$$$","utils":"cj+ol+to+yb+"};
