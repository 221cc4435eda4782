(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-75.js"]={"tuple":[2,8,40,8,4,8,35,8,1,8,1,8,148,8,5,8,15,8,37,8,8,8,494,8,47,8]};
