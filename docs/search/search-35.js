(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":"mkSG/;/va/x/d;wGtd/ac;"};
