(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-67.js"]={"sgd":"k|/x7g/`e/"};
