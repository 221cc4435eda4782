(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-75.js"]={"cuda":[254,24,11,8,9,16,1,8]};
