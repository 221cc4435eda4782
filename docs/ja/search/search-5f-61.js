(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-61.js"]={"_a":"jga/c/","_actions":"tm+ob+uc+e+"};
