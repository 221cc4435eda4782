(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-64.js"]={"_d":"kx/","_default_suffix":"kh+f+"};
