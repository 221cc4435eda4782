(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b2.js"]={"²":[318,16,31,16,197,16]};
