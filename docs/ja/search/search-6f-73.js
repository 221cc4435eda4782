(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-73.js"]={"os":[200,8,61,8,1,8,3,8]};
