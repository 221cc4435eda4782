(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-39.js"]={"09":"nab/","098":"k}a;"};
