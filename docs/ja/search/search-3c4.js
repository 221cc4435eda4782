(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c4.js"]={"τ":[57,32,7,16]};
