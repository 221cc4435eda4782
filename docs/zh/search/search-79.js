(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79.js"]={"y":[51,8,1,8,58,24,1,8,2,8,1,8,5,8,19,8,1,8,32,8,1,8,550,8,2,8]};
