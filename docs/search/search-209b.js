(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-209b.js"]={"ₛ":"ab/e/"};
