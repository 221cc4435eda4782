(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-74.js"]={"utils":"bm+un+to+yb+"};
