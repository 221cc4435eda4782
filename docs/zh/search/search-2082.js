(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2082.js"]={"₂":"~n/na/e/d//`j/"};
