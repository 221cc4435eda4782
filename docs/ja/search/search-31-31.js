(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-31.js"]={"11":"vf/","112":"~v/","117":"~v/","119":"~v/"};
