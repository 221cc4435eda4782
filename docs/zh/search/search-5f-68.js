(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-68.js"]={"_help":"~s++`+"};
