(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2113.js"]={"ℓ":"|mSa//b//"};
