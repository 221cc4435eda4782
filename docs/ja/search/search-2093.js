(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2093.js"]={"ₓ":"adb;"};
