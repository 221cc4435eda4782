(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-39.js"]={"09":"`cb/","098":"|~a;"};
