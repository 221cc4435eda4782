(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-71.js"]={"γq":"ega/i/"};
