(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-64.js"]={"2d":"ewa;","2dd_ff":"ewa;"};
