(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-69.js"]={"view":[47,8,66,8,456,8,166,8,65,8],"virtual":[0,16]};
