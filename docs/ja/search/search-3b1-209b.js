(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-209b.js"]={"αₛ":"ab/e/"};
