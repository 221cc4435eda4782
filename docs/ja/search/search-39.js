(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39.js"]={"9":"ch/hc/ie/df;"};
