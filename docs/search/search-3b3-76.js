(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-76.js"]={"γv":"kma/b/"};
