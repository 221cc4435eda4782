(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-74.js"]={"utilities":"~pa/rt0$$$$$$","utils":"ri+qn+to+yb+"};
