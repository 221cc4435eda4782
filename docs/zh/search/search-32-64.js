(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-64.js"]={"2d":"xp;","2dd_ff":"xp;"};
