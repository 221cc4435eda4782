(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-64.js"]={"_d":"ywa/","_default_suffix":"ur+f+"};
