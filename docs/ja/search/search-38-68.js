(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-68.js"]={"8h":"oqa/a/"};
