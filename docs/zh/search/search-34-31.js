(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-31.js"]={"41":"|}/"};
