(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-33.js"]={"936":"}oa/"};
