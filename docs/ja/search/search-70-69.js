(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-69.js"]={"pip":"hi/vh/"};
