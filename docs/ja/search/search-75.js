(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75.js"]={"u":"|};qc/n7e7"};
