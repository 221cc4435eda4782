(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-64.js"]={"vd":[521,16,17,16]};
