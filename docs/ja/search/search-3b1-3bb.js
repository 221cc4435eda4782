(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-3bb.js"]={"αλ":"ceaGes/"};
