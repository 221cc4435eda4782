(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-38.js"]={"48":[2,16,711,16],"482":[414,16,107,16]};
