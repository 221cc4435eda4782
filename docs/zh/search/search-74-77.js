(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-77.js"]={"two":"xv''","two_i":"xv++"};
