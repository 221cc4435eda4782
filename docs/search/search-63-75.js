(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-75.js"]={"cuda":[254,24,11,8,9,16,1,8],"cumulative":[527,16],"curve":[521,16],"cut":[46,16]};
