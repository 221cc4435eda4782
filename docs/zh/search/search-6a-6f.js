(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-6f.js"]={"join":[36,8,5,8,176,8,2,8,299,8,228,8,1,8,1,8]};
