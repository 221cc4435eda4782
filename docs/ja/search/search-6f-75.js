(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-75.js"]={"out":[332,8,381,16,38,8,3,8,1,8],"output":[549,8,28,8,21,8,17,8],"outputs":[220,8]};
