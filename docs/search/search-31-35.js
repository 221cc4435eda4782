(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-35.js"]={"15":"|}/","157":"|}/"};
