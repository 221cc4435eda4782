(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-30.js"]={"60":"|}/","600":"|};"};
