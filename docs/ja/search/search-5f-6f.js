(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6f.js"]={"_options_code":"uh+d+","_options_table":"th+e+"};
