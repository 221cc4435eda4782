(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-74.js"]={"utils":"ri+qn+to+yb+"};
