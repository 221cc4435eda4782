(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2081.js"]={"w₁":[496,32,3,16,13,16,1,16,1,16,1,16,1,16,1,16]};
