(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-65.js"]={"_exports":"`qa++`++"};
