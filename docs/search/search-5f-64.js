(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-64.js"]={"_d":"kya/","_default_suffix":"vs+f+"};
