(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61.js"]={"a":[53,64,1,16,1,16,90,8,41,8,29,8,2,8,2,8,88,16,82,16,401,32,23,16]};
