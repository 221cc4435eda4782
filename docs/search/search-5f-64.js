(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-64.js"]={"_d":[582,16],"_default_suffix":[208,8,8,8]};
