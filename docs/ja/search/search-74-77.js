(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-77.js"]={"two":"y|a''","two_i":"y|a++"};
