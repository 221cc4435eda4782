(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-64.js"]={"_d":"~|a/","_default_suffix":"iv+f+"};
