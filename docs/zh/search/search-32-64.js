(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-64.js"]={"2d":"ev;","2dd_ff":"ev;"};
