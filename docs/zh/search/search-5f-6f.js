(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6f.js"]={"_options_code":"`g+d+","_options_table":"~f+e+"};
