(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-66.js"]={"after":[154,4,19,4],"after_step":[154,8,19,8]};
