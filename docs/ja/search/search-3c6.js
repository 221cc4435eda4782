(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c6.js"]={"φ":[496,16,31,16]};
