(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-6f.js"]={"zoph":"adb/"};
