(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38.js"]={"8":"opGb/ka;bdGug;"};
