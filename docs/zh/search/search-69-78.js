(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-78.js"]={"ix":"`cb/"};
