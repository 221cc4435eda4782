(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-70.js"]={"append":[67,8,56,8,7,8,19,8,68,8,2,8,528,8,97,8],"apple":[254,16],"apply":[540,8]};
