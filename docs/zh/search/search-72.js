(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72.js"]={"r":[104,8,133,8,4,8,472,16,25,8,1,8,1,8,7,8,43,64,5,64,9,16,1,16,5,16,1,8,1,24,2,20]};
