(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-61.js"]={"_a":"}ja/c/","_actions":"wp+ob+ec+e+"};
