(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-72.js"]={"or":[672,48,149,16],"origin":[186,4]};
