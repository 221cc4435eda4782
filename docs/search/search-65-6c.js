(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-6c.js"]={"element":[307,16,189,32,1,16,298,16],"else":[2,16,558,16],"elsewhere":[275,16]};
