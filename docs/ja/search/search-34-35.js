(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-35.js"]={"450":"ev/"};
