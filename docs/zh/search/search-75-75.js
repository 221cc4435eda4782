(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-75.js"]={"uuid":"}i+","uuid1":"}i+"};
