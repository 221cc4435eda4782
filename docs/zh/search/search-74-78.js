(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-78.js"]={"txt":[199,16,322,16,192,16]};
