(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-1d63.js"]={"wᵣ":"adb/c/"};
