(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-2081.js"]={"b₁":[496,48,1,32,1,16,1,16,7,16,1,16,3,32]};
