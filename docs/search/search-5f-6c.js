(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6c.js"]={"_l":"op/","_lr":"pda++c+"};
