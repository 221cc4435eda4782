(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-38.js"]={"58":"|}/"};
