(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-61.js"]={"_a":"xea/c/","_actions":"dm+ob+ec+e+"};
