(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-3c3.js"]={"xσ":"xva/"};
