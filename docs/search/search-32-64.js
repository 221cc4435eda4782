(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-64.js"]={"2d":"sua;","2dd_ff":"sua;"};
