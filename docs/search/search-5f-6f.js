(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6f.js"]={"_options_code":"`s+d+","_options_table":"~r+e+"};
