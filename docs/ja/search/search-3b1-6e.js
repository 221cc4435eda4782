(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-6e.js"]={"αn":"xdb/"};
