(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-78.js"]={"ax":[244,4,1,4,1,4,1,4,1,8,493,8],"axhline":[246,8],"axvline":[741,8]};
