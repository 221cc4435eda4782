(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-30.js"]={"80":"|}/","8000":"/"};
