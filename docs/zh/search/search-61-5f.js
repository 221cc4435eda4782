(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-5f.js"]={"a_":"dgb/j/l/"};
