(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-68.js"]={"_help":[216,8,1,8,2,8]};
