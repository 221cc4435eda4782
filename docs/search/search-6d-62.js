(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-62.js"]={"mb":"`a/tf/"};
