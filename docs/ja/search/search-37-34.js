(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-34.js"]={"74":"|}/","741":"|}/"};
