(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b2.js"]={"²":"gm/da/oh/"};
