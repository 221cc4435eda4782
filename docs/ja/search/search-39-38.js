(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-38.js"]={"98":[355,16,166,16],"982":[713,16]};
