(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-63.js"]={"fc":"f~+e+"};
