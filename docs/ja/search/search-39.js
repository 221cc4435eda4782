(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39.js"]={"9":[252,16,103,16,166,16,192,32]};
