(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-6e.js"]={"qnetwork":"fga+}+h+"};
