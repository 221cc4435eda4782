(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-61.js"]={"yang":[790,32],"yaxis":[247,8]};
