(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-30.js"]={"000":[414,64,32,16,28,16,47,48,192,16]};
