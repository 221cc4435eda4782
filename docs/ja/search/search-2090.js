(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2090.js"]={"ₐ":[790,16]};
