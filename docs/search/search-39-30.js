(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-30.js"]={"90":[96,16],"900":[414,16,32,16]};
