(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-3b8.js"]={"mθᵢ":"`cb/l/"};
