(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-64.js"]={"3d":"}oa/","3d_ff":"mzaG"};
