(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-5f.js"]={"a_":[790,16,12,16,14,16]};
