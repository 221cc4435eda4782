(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-68.js"]={"what":"ev/"};
