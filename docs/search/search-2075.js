(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2075.js"]={"⁵":"ab/"};
