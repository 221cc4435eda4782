(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-32.js"]={"02":[522,16,24,16,1,16],"025":[521,16],"02²":[521,16,21,16,1,16,1,16]};
