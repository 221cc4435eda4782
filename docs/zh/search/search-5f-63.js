(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-63.js"]={"_cell":[220,8,5,8]};
