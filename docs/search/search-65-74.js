(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-74.js"]={"et":"du/"};
