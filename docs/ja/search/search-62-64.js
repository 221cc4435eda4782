(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-64.js"]={"bd":[814,8,1,8,1,8]};
