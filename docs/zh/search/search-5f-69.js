(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-69.js"]={"_init_weights":"xwa+`+"};
