(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-69.js"]={"view":"nb+bb+is+sf+ec+"};
