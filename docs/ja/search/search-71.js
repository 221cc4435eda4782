(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71.js"]={"q":[395,4,1,4,175,16,28,16,1,4,2,4,1,4,157,64,22,16,14,4,1,4,2,4,1,4,9,4,1,4]};
