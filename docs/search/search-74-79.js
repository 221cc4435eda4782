(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":[89,16,13,8,78,4,85,8,5,8,4,16,1,8,2,8,2,8,242,8,3,8,6,8],"types":[180,16],"typing":[180,8,6,8]};
