(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-69.js"]={"jianlin":"~`a/","jimmy":"{l/"};
