(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-6f.js"]={"_options_code":[218,8,6,8],"_options_table":[217,8,7,8]};
