(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-64.js"]={"2d":"xza;","2dd_ff":"xza;"};
