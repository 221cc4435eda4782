(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-1d62.js"]={"eᵢ":"adb/r/"};
