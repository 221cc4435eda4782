(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-2080.js"]={"m₀":[313,16,2,16]};
