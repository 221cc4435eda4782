(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-79.js"]={"my":"}oaS"};
