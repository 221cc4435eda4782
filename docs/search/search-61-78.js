(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-78.js"]={"ax":[244,4,1,4,1,4,1,4,1,8,493,8],"axes":[741,16],"axhline":[246,8],"axis":[571,16],"axvline":[741,8]};
