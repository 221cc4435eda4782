(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-38.js"]={"185":[414,16,107,16]};
