(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4-1d63.js"]={"δᵣ":"igb/m/"};
