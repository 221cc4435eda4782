(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-66.js"]={"efficient":"adb/"};
