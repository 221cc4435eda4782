(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-64.js"]={"2d":[521,32],"2dd_ff":[521,32]};
