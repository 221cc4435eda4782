(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2096.js"]={"wₖ":"gw/"};
