(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2082.js"]={"₂":"oo/na/e/d//ak/"};
