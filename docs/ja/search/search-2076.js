(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2076.js"]={"⁶":"vw/"};
