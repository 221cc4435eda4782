(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-78.js"]={"βx":"xva/"};
