(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-72.js"]={"error":[3,4,106,4,81,4,5,4,5,4,2,4,33,4,8,4,9,4,25,4,9,4,18,4,110,4,44,4,2,4,1,4,25,4,4,4,223,4,24,4,14,8,4,4]};
