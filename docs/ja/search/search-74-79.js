(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":[102,8,78,4,85,8,5,8,5,8,2,8,2,8,242,8,3,8,6,8],"typing":[180,8,6,8]};
