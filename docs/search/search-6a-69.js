(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-69.js"]={"jianlin":[760,16],"jimmy":[307,16]};
