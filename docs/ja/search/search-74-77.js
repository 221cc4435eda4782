(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-77.js"]={"two":"k}''","two_i":"k}++"};
