(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6c.js"]={"_l":"`q/","_lr":"bfa++c+"};
