(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6f.js"]={"_options_code":"sv+d+","_options_table":"rv+e+"};
