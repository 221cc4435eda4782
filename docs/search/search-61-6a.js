(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-6a.js"]={"ajay":"ab/"};
