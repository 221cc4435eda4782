(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2096.js"]={"ₖ":"{|/"};
