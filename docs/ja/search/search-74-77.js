(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-77.js"]={"two":[707,4,1,4],"two_i":[707,8,1,8]};
