(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-74.js"]={"utilities":"rta/rt0$$$$$$","utils":"bm+un+to+yb+"};
