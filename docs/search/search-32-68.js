(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-68.js"]={"2h":"oqa/b/"};
