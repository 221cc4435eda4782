(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-70.js"]={"mps":"fv7"};
