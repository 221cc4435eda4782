(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-77.js"]={"two":"~bb''","two_i":"~bb++"};
