(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-75.js"]={"run":[3,4,76,16,84,4,1,8,140,4,110,48,72,4,4,8],"ruslan":[790,16]};
