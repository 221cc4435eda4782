(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-64.js"]={"_d":"wr/","_default_suffix":"uf+f+"};
