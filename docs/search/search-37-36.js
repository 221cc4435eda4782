(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-36.js"]={"769":"|}/"};
