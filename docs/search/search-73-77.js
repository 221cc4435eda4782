(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-77.js"]={"swish":[516,18],"swish_β":[516,16],"swish₁":[516,16]};
