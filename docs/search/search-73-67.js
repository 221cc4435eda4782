(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-67.js"]={"sgd":"pba/x7g/`e/"};
