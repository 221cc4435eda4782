(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6c.js"]={"_lr":[369,8,1,8,5,8]};
