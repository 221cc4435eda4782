(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-67.js"]={"ignores":"~pa/"};
