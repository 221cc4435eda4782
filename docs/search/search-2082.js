(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2082.js"]={"₂":"rr/na/e/d//qk/"};
