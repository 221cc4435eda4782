(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a.js"]={"z":[57,32,7,16,583,8,1,8,4,8,1,8,2,8,1,8,1,8,165,8,1,8,1,8]};
