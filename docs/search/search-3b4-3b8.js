(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4-3b8.js"]={"δθᵢ":"ccb/"};
