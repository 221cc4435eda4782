(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-74.js"]={"othe":"}oa/","other":"tx+"};
