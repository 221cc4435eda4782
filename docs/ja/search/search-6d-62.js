(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-62.js"]={"mb":[2,16,189,16]};
