(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-65.js"]={"_exports":[384,8,1,8,2,8,1,8]};
