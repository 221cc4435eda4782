(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-73.js"]={"json":[221,4,5,24,2,4,9,24,4,8,173,16,107,16,192,16,41,24]};
