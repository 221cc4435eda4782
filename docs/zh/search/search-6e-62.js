(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-62.js"]={"nb":[225,8,1,8],"nbformat":[226,16]};
