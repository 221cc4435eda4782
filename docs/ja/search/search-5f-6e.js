(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6e.js"]={"_noam_defaults":"zea+b+"};
