(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c.js"]={"l":[2,16,793,48,2,16,1,16,1,16,1,32]};
