(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-78.js"]={"gx":"~z7+"};
