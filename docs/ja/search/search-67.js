(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67.js"]={"g":"mn/re+ja+++"};
