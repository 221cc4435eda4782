(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb.js"]={"λ":"}l/g/daG/ga//hc/`c/"};
