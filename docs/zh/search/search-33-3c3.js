(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-3c3.js"]={"3σ":"~n/"};
