(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-37.js"]={"27":[414,16],"277":[521,16]};
