(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67.js"]={"g":[349,16,128,8,29,8,1,8,1,8]};
