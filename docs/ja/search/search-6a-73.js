(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-73.js"]={"json":"xh'c7`'l7b+lh/bd/ug/ha7"};
