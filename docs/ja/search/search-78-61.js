(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-61.js"]={"xavier":[684,20],"xavier_uniform_":[684,8]};
