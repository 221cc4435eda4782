(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-79.js"]={"ryan":"oaa/"};
