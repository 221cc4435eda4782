(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f.js"]={"_":[60,8,59,8,468,8,20,8,114,8,68,8,1,48]};
