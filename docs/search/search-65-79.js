(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-79.js"]={"eye":"{l/"};
