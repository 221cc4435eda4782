(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-66.js"]={"effect":"`q/zl/","efficient":"adb/"};
