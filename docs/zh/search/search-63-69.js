(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-69.js"]={"cifar":"`a;seG","citizen":"}oa/"};
