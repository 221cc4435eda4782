(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6c.js"]={"_lr":"lo++c+"};
